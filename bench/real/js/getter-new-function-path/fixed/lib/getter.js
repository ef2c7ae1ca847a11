const compiled = new Map();

function compile(path) {
  let fn = compiled.get(path);
  if (!fn) {
    const keys = String(path).split('.');
    fn = (o) => keys.reduce((cur, k) => (cur == null ? undefined : cur[k]), o);
    compiled.set(path, fn);
  }
  return fn;
}

module.exports = function get(obj, path) {
  return compile(path)(obj);
};
