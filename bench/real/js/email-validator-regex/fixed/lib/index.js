module.exports = {
  isEmail: require('./is-email'),
  isEmpty: (s) => String(s).trim().length === 0,
};
