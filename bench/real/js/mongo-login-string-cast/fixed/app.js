const express = require('express');
const { MongoClient } = require('mongodb');
const bcrypt = require('bcryptjs');

const client = new MongoClient(process.env.MONGO_URL || 'mongodb://localhost:27017');
const app = express();
app.use(express.json());

app.post('/login', async (req, res) => {
  const users = client.db('members').collection('users');
  const user = await users.findOne({ username: String(req.body.username), active: true });
  if (!user || !(await bcrypt.compare(String(req.body.password), user.hash))) {
    return res.status(401).json({ error: 'invalid credentials' });
  }
  res.json({ id: user._id, name: user.displayName });
});

client.connect().then(() => app.listen(3000));
