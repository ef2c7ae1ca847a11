const { Sequelize, DataTypes } = require('sequelize');

const sequelize = new Sequelize(process.env.DATABASE_URL);
const Product = sequelize.define('Product', { name: DataTypes.STRING, price: DataTypes.INTEGER });

async function list(sort = 'name', dir = 'ASC') {
  const direction = String(dir).toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  return Product.findAll({
    attributes: ['id', 'name', 'price'],
    order: Sequelize.literal(`${sort} ${direction}`),
    limit: 100,
  });
}

module.exports = { list };
