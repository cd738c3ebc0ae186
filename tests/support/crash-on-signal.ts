// Loaded into a portal process by the crash test (node --import): on SIGUSR2 the process fails
// as a bug would, with an uncaught exception, or with an unhandled rejection when
// CRASH_KIND=rejection. Never loaded by the product.
process.on('SIGUSR2', () => {
  if (process.env.CRASH_KIND === 'rejection') {
    void Promise.reject(new Error('deliberate unhandled rejection'))
  } else {
    setImmediate(() => {
      throw new Error('deliberate uncaught exception')
    })
  }
})
