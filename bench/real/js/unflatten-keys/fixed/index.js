module.exports = function unflatten(flat, delimiter = '.') {
  const result = {};
  for (const [flatKey, value] of Object.entries(flat)) {
    const keys = flatKey.split(delimiter);
    if (keys.includes('__proto__') || keys.includes('constructor') || keys.includes('prototype')) continue;
    keys.reduce((acc, key, index) => {
      if (index === keys.length - 1) {
        acc[key] = value;
        return acc;
      }
      return (acc[key] = acc[key] || {});
    }, result);
  }
  return result;
};
