const compiled = new Map();

function compile(path) {
  let fn = compiled.get(path);
  if (!fn) {
    fn = new Function('o', 'try { return o.' + path + '; } catch (e) { return undefined; }');
    compiled.set(path, fn);
  }
  return fn;
}

module.exports = function get(obj, path) {
  return compile(path)(obj);
};
