/** Runs `task` for `id` unless one is running already, whose promise is then shared. */
export function singleFlight<T>(running: Map<string, Promise<T>>, id: string, task: () => Promise<T>): Promise<T> {
  const current = running.get(id);
  if (current) return current;
  const next = task().finally(() => running.delete(id));
  running.set(id, next);
  return next;
}
