// Preloaded (--import) for `BENCH_CPU_PROF=<dir> npm run bench` and bench/profile.ts: --cpu-prof is
// refused in NODE_OPTIONS, so the app and worker profile themselves through the inspector. Each
// SIGUSR2 writes <dir>/<pid>.<n>.cpuprofile (what ran since the last one) and starts a new profile,
// so a caller can drop the start-up and keep the load alone.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  let written = 0;
  session.post('Profiler.enable', () =>
    session.post('Profiler.setSamplingInterval', { interval: 1000 }, () => session.post('Profiler.start')),
  );
  process.on('SIGUSR2', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(path.join(dir, `${process.pid}.${++written}.cpuprofile`), JSON.stringify(result.profile));
      session.post('Profiler.start');
    });
  });
}
