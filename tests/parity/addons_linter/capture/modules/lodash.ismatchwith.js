module.exports = () => true;
