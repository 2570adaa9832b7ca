// Loaded into the API process by bench/soak.mjs (NODE_OPTIONS="--expose-gc --require ..."), never
// by the product: on SIGUSR2 it runs a full garbage collection and writes process.memoryUsage()
// to SOAK_PROBE_FILE, so that the soak reads the live heap, which RSS alone hides under the
// collector's sawtooth.
const fs = require('node:fs');

process.on('SIGUSR2', () => {
  const file = process.env.SOAK_PROBE_FILE;
  if (!file) return;
  global.gc?.();
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  fs.renameSync(`${file}.tmp`, file);
});
