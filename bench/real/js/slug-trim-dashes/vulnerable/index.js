'use strict';

const map = { 'ä': 'ae', 'ö': 'oe', 'ü': 'ue', 'ß': 'ss' };

module.exports = function slugify(title) {
  return String(title)
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => map[c])
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/^[-\s]+|[-\s]+$/g, '')
    .replace(/[-\s]+/g, '-');
};
