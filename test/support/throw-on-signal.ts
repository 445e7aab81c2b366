/**
 * Loaded with `--import` into a test's browser-mode process: SIGUSR2 makes the process throw an
 * exception nothing catches, as a bug in a timer or a listener would.
 */
process.on('SIGUSR2', () => {
  setImmediate(() => {
    throw new Error('a test asked for an uncaught exception');
  });
});
