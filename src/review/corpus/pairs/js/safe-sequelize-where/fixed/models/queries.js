const { Op } = require("sequelize");
const { User, Post } = require("./index");

exports.findUser = function findUser(id) {
  return User.findOne({ where: { id } }); // safe: nosql-injection sequelize where
};

exports.search = function search(term) {
  return Post.findAll({ where: { title: { [Op.like]: `%${term}%` } } }); // safe: sql-injection sequelize operator
};
