// Preloaded (--import) for `BENCH_CPU_PROF=<dir> npm run bench`: --cpu-prof is refused in NODE_OPTIONS, so the
// app and worker profile themselves through the inspector and write <dir>/<pid>.cpuprofile on SIGUSR2.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable', () =>
    session.post('Profiler.setSamplingInterval', { interval: 1000 }, () => session.post('Profiler.start')),
  );
  process.on('SIGUSR2', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
