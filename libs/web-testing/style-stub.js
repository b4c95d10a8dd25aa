// Stylesheets imported by components mean nothing to a component test.
module.exports = {};
