// Another library already holds <run-controls>: agui-elements registers its element as <agui-run-controls>, and the
// RunControls wrapper must render that tag (the replay run below is started from its button).
customElements.define('run-controls', class extends HTMLElement {});
