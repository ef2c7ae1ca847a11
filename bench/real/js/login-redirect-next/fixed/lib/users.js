const users = new Map([['admin', { id: 1, password: process.env.ADMIN_PASSWORD }]]);
exports.verify = async (name, password) => {
  const u = users.get(name);
  return u && password && u.password === password ? u : null;
};
