// A mysql2 helper: prepared statements run through `execute`, and the text itself is still SQL.
exports.findOrders = function findOrders(connection, customer) {
  return connection.execute("SELECT * FROM orders WHERE customer = '" + customer + "'"); // vuln: sql-injection
};


// An ORM's dialect layer hands the query it was given to the driver in the driver's own wrapper.
exports.run = function run(connection, sql, parameters) {
  return connection.query({ sql, values: parameters }); // safe: sql-injection caller's query passed on in the driver's options
};
exports.stream = function stream(connection, QueryStream, query, parameters) {
  return connection.query(new QueryStream(query, parameters)); // safe: sql-injection caller's query passed on as a stream
};
exports.byId = function byId(connection, id) {
  return connection.query({ sql: "SELECT * FROM orders WHERE id = " + id }); // vuln: sql-injection
};
