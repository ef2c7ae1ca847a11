// A mysql2 helper: prepared statements run through `execute`, and the text itself is still SQL.
exports.findOrders = function findOrders(connection, customer) {
  return connection.execute("SELECT * FROM orders WHERE customer = '" + customer + "'"); // vuln: sql-injection
};

