exports.compile = function compile(source) {
  const escaped = source.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "([^/]*)");
  return new RegExp(`^${escaped}$`);
};
