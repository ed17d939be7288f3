// Closed-loop load: `clients` callers, each issuing the next operation as soon as its last
// one is answered, until `count` operations are done; operations per second.
export async function opsPerSecond(count, clients, op) {
  let next = 0;
  const t = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) await op(next++);
    }),
  );
  return count / (Number(process.hrtime.bigint() - t) / 1e9);
}
