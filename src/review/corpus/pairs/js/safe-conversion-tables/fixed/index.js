const conversions = require("./conversions");
const route = require("./route");

const convert = {};
const models = Object.keys(conversions);

function wrap(fn) {
  const wrapped = (...args) => fn(...(args.length > 1 ? args : args[0]));
  if ("conversion" in fn) wrapped.conversion = fn.conversion;
  return wrapped;
}

for (const from of models) {
  convert[from] = {};
  Object.defineProperty(convert[from], "channels", { value: conversions[from].channels });
  const routes = route(from);
  for (const to of Object.keys(routes)) {
    convert[from][to] = wrap(routes[to]); // safe: prototype-pollution convert[from] was just set to a new object
  }
}

function loadStats(features, name, stats) {
  if (features[name]) return;
  features[name] = {};
  for (const agent in stats) {
    features[name][agent] = {};
    for (const version in stats[agent]) features[name][agent][version] = stats[agent][version];
  }
}

module.exports = { convert, loadStats };
