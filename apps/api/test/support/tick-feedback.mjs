// What V8's inline caches say about the sites where `process.nextTick` builds its record
// (src/lib/tick-shape.ts), after the collections a long-running server goes through. Loaded with
// `--import` into a process started with `--allow-natives-syntax --expose-gc`
// (test/tick-shape.test.ts): on SIGUSR2 it makes 25 full collections, each after a burst of ticks,
// and writes one line to stderr: `tick-feedback ["MONOMORPHIC", …]`, one state per computed key.
// It says `tick-feedback-ready` once the handler is in place: until then SIGUSR2 ends the process.
// Plain JavaScript, not TypeScript: `%GetFeedback` is V8 syntax that no type stripper accepts.
process.on('SIGUSR2', async () => {
  for (let i = 0; i < 25; i++) {
    for (let j = 0; j < 1000; j++) process.nextTick(() => {}, j);
    await new Promise((resolve) => setImmediate(resolve));
    globalThis.gc();
  }
  const states = %GetFeedback(process.nextTick)
    .filter((slot) => Array.isArray(slot) && slot[0] === 'DefineKeyedOwnPropertyInLiteral')
    .map((slot) => String(slot[1]).split('\n')[0]);
  process.stderr.write(`tick-feedback ${JSON.stringify(states)}\n`);
});
process.stderr.write('tick-feedback-ready\n');
