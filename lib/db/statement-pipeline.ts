import type pg from 'pg';
import { parameterValue, statementName, type SqlStatement } from './prepared-query';
import { NO_COLUMNS, rowShape, type ColumnDescription, type RowShape } from './row-shape';

// Several statements sent as one message by the extended protocol, as named prepared statements:
// each is parsed once per connection, then only bound to its values and executed, and the whole
// batch ends with one Sync, so it costs one round trip however many statements it carries. Neither
// node-postgres' own queries (one round trip a statement) nor the simple protocol (every value
// written into the text, which PostgreSQL parses and plans again each time) give both.
// PostgreSQL plans a prepared statement afresh for its first five runs and then keeps a generic
// plan if it is as good; a plan kept from when a table was small would go on scanning it after it
// has grown (until an ANALYZE), so a connection's statements are closed and prepared again once
// they are LEDGER_PLAN_AGE_MS old (10 s): the Closes go at the head of the next batch, no round trip.
// A statement's result columns are asked for (Describe) on its first run on a connection only: the
// shape of its rows is kept with it (./row-shape.ts) and PostgreSQL refuses to run a prepared
// statement whose result would change shape, so the kept one cannot go stale.
// It is a node-postgres "submittable": the client hands it the connection when its turn comes and
// routes the server's answers to it until ReadyForQuery.

/** The part of node-postgres' connection a batch writes to (`client.connection`). */
interface Wire {
  parse(message: { name: string; text: string }): void;
  bind(message: { statement: string; values: (string | null)[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { rows: number }): void;
  close(message: { type: 'S'; name: string }): void;
  sync(): void;
  stream: { cork?: () => void; uncork?: () => void };
}

/**
 * The statements prepared on each connection, by the connection, with the shape of their rows once
 * a run has described it, and since when.
 */
const preparedOn = new WeakMap<object, { shapes: Map<string, RowShape | undefined>; since: number }>();
const DEFAULT_PLAN_AGE_MS = 10_000;

/** How old a connection's prepared statements may grow before they are made again (read per batch). */
function planAgeMs(): number {
  const configured = process.env.LEDGER_PLAN_AGE_MS ? Number(process.env.LEDGER_PLAN_AGE_MS) : Number.NaN;
  return Number.isFinite(configured) && configured >= 0 ? configured : DEFAULT_PLAN_AGE_MS;
}

/** A statement's rows, each an object by column name with its values parsed as Prisma reads them. */
export interface BatchResult {
  readonly rows: Record<string, unknown>[];
}

/** One result a statement, in order; the statements whose rows nobody reads still answer one. */
export type BatchResults = BatchResult[];

class StatementBatch {
  // What node-postgres reads of a submittable: no name or text of its own (its bookkeeping of
  // prepared statements is not used; this batch keeps its own, per connection).
  readonly name = undefined;
  readonly text = undefined;
  readonly done: Promise<BatchResults>;
  private resolve!: (results: BatchResults) => void;
  private reject!: (error: unknown) => void;
  private readonly results: BatchResult[];
  /** The shape of each statement's rows: kept from an earlier run, or described in this one. */
  private readonly shapes: (RowShape | undefined)[];
  /** A row the batch could not build: reported once the server is done with the batch. */
  private failure: Error | null = null;
  /** The statement the server is answering now: every one before it completed. */
  private current = 0;
  private prepared: Map<string, RowShape | undefined> | null = null;
  /** Indexes of the statements this batch parses (first use on its connection). */
  private readonly parsedHere: number[] = [];
  private readonly names: string[];
  private readonly values: (string | null)[][];
  /**
   * A statement first parsed in this batch failed (whether the server kept it cannot be told), or a
   * row did not fit its statement's kept shape: the connection's statements are not known for sure.
   */
  preparedUnknown = false;

  /** The statements, in order: what the batch sends. */
  constructor(readonly statements: readonly SqlStatement[]) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.names = statements.map((statement) => statementName(statement.text));
    // Values are turned into parameters before anything is written: a value that has none fails
    // the batch with the connection untouched.
    this.values = statements.map((statement) => statement.values.map(parameterValue));
    this.results = statements.map(() => ({ rows: [] }));
    this.shapes = statements.map(() => undefined);
  }

  submit(connection: Wire): null {
    let record = preparedOn.get(connection);
    if (!record) {
      record = { shapes: new Map(), since: Date.now() };
      preparedOn.set(connection, record);
    }
    const prepared = record.shapes;
    this.prepared = prepared;
    connection.stream.cork?.();
    try {
      if (prepared.size > 0 && Date.now() - record.since >= planAgeMs()) {
        for (const name of prepared.keys()) connection.close({ type: 'S', name });
        prepared.clear();
        record.since = Date.now();
      }
      this.statements.forEach((statement, index) => {
        const name = this.names[index]!;
        if (!prepared.has(name)) {
          connection.parse({ name, text: statement.text });
          prepared.set(name, undefined);
          this.parsedHere.push(index);
        }
        connection.bind({ statement: name, values: this.values[index]! });
        this.shapes[index] = prepared.get(name);
        if (!this.shapes[index]) connection.describe({ type: 'P', name: '' });
        connection.execute({ rows: 0 });
      });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: ColumnDescription[] }): void {
    this.learnShape(rowShape(message.fields));
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const shape = this.shapes[this.current];
    if (!shape || shape.columns !== message.fields.length) {
      // Never expected (see the head of this file); if it were so, the connection goes, and with it
      // the shapes it kept.
      this.failure ??= new Error(`A row of ${message.fields.length} values does not fit the statement's known columns`);
      this.preparedUnknown = true;
      return;
    }
    this.results[this.current]!.rows.push(shape.build(message.fields));
  }

  handleCommandComplete(): void {
    this.statementDone();
  }

  handleEmptyQuery(): void {
    this.statementDone();
  }

  /**
   * A statement still without a shape was described (only those are) and answered no
   * RowDescription: it returns no columns.
   */
  private statementDone(): void {
    if (!this.shapes[this.current]) this.learnShape(NO_COLUMNS);
    this.current++;
  }

  private learnShape(shape: RowShape): void {
    this.shapes[this.current] = shape;
    const name = this.names[this.current]!;
    if (this.prepared?.has(name)) this.prepared.set(name, shape);
  }

  handlePortalSuspended(): void {
    // Never asked for: every Execute takes all rows.
  }

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('COPY is not taken in a statement batch');
  }

  handleCopyData(): void {
    // No COPY is sent.
  }

  /**
   * The server's error (the rest of the batch is skipped to its Sync, and the client sends nothing
   * more before ReadyForQuery), or the connection's end: either settles the batch at once.
   */
  handleError(error: unknown): void {
    // A later statement's Parse never ran; the failed one's may have, or may be what failed.
    for (const index of this.parsedHere) {
      if (index >= this.current) this.prepared?.delete(this.names[index]!);
      if (index === this.current) this.preparedUnknown = true;
    }
    this.reject(error);
  }

  handleReadyForQuery(): void {
    if (this.failure) this.reject(this.failure);
    else this.resolve(this.results);
  }
}

/**
 * Sends the statements as one batch on the client's connection: one result a statement, or the
 * first failing statement's error. After a failure, `preparedUnknown` says that the connection's
 * prepared statements are no longer known for certain, and the connection should be closed.
 */
export function sendBatch(
  client: pg.ClientBase,
  statements: readonly SqlStatement[],
): { done: Promise<BatchResults>; preparedUnknown(): boolean } {
  const batch = new StatementBatch(statements);
  client.query(batch as unknown as pg.QueryConfig);
  return { done: batch.done, preparedUnknown: () => batch.preparedUnknown };
}
