// anywidget's npm build is an AMD module (`define(["@jupyter-widgets/base"], factory)`): keep its
// factory, to call with the same @jupyter-widgets/base the page's widget manager uses.
globalThis.define = (deps, factory) => { globalThis.__cgAnywidgetFactory = factory; };
