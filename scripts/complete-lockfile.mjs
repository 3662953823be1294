// npm leaves platform binaries that the registry mirror cannot serve (darwin, win32, ...) out of
// package-lock.json, and `npm ci` then refuses the lockfile. After any `npm install`, run
// `node scripts/complete-lockfile.mjs` to record those optional packages with their os/cpu so that
// npm ci on Linux accepts the lockfile and skips them.
import { readFileSync, writeFileSync } from 'node:fs';

const OSES = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'openbsd', 'sunos', 'aix', 'netbsd'];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'];

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const tail = name.split('/').pop();
    const os = OSES.find((candidate) => tail.includes(candidate));
    const cpu = CPUS.find((candidate) => new RegExp(`-${candidate}(-|$)`).test(tail));
    if (!os || !cpu) continue;
    const libc = /-(gnu|gnueabihf)$/.test(tail) ? ['glibc'] : /-(musl|musleabihf)$/.test(tail) ? ['musl'] : undefined;
    packages[`node_modules/${name}`] = { version, cpu: [cpu], license: 'MIT', optional: true, os: [os], ...(libc ? { libc } : {}) };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
