module.exports = require('../jest.preset').project(__dirname);
