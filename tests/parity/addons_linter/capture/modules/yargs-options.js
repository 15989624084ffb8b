module.exports = { getDefaultConfigValue: () => undefined, options: {} };
