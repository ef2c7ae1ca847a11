const mongoose = require('mongoose');

const noteSchema = new mongoose.Schema({
  owner: { type: String, index: true },
  title: String,
  body: String,
  archived: { type: Boolean, default: false },
});

noteSchema.statics.visibleTo = function visibleTo(owner) {
  return this.find({ owner: String(owner), archived: false }).sort({ _id: -1 });
};

module.exports = mongoose.model('Note', noteSchema);
