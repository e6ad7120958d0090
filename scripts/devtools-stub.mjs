// Stands in for react-devtools-core, which Ink loads only with DEV=true.
export default { initialize() {}, connectToDevTools() {} };
