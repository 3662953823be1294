import type { IncomingMessage, ServerResponse } from 'node:http';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export declare function acceptsGzip(header: string | string[] | undefined): boolean;
export declare function withWholeJsonGzip(compression: (options?: object) => Middleware): (options?: object) => Middleware;
export declare function installWholeJsonGzip(): boolean;
