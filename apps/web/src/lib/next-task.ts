/** Resolves in a later task: what waits (input, a paint, React's work) runs before the next step. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
