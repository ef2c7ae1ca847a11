function f(x, y, port, host) {
  if (x == NaN) return 0; // expect: js.nan-comparison
  if (Number.isNaN(x)) return 0; // ok: js.nan-comparison
  if (x > 1) { y = 2; } else { y = 2; } // expect: js.identical-branches
  if (x > 1) { y = 2; } else { y = 3; } // ok: js.identical-branches
  x = x; // expect: js.self-assignment
  x = y; // ok: js.self-assignment
  anchor.href = anchor.href; // ok: js.self-assignment
  options.port = options.port; // expect: js.self-assignment
  observed[0] = observed[0]; /* eslint-disable-line no-self-assign */ // ok: js.self-assignment
  // eslint-disable-next-line no-self-assign -- copies the inherited method onto the instance
  this.tap = this.tap; // ok: js.self-assignment
  options.host = options.host; /* eslint-disable-line no-unused-vars */ // expect: js.self-assignment
  node.meta = node.meta; // ok: js.self-assignment
  const timeout = 5;
  settings.timeout = settings.timeout; // expect: js.self-assignment
  list.forEach(({ id }) => { row.id = row.id; }); // expect: js.self-assignment
  items[0] = items[0]; // expect: js.self-assignment
  fetchUser(x).then((u) => show(u)); // expect: js.floating-promise
  fetchUser(x).then((u) => show(u)).catch(report); // ok: js.floating-promise
  fetchUser(x).then((u) => show(u)).catch(report).then(() => done(x)); // ok: js.floating-promise
  fetchUser(x).catch(report).then(() => done(x)); // ok: js.floating-promise
  fetchUser(x).then((u) => show(u, { catch: true })).then(() => done(x)); // expect: js.floating-promise
  Promise.resolve().then(() => flush(x)); // ok: js.floating-promise
  Promise.all([fetchUser(x)]).then((u) => show(u)); // expect: js.floating-promise
  const p = new Promise(async (resolve) => resolve(await g())); // expect: js.async-promise-executor
  const q = new Promise((resolve) => resolve(1)); // ok: js.async-promise-executor
  if (x instanceof Date) {
    x = x; // ok: js.self-assignment
  } else if (typeof x === "string") {
    x = new Date(x);
  }
  if (y) {
    y = y; // expect: js.self-assignment
  }
}
