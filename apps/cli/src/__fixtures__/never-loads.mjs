// A tool module whose top-level await never settles (a start-up that hangs): nothing keeps the process alive.
export const waiting = await new Promise(() => {});
