// Starts the API reference (Swagger UI) on the hub's OpenAPI document. The page follows the hub's
// theme; "system" follows the device's.
(() => {
  const root = document.documentElement;
  if (root.dataset.mode === 'system') {
    const dark = matchMedia('(prefers-color-scheme: dark)');
    const apply = () => root.classList.toggle('dark-mode', dark.matches);
    apply();
    dark.addEventListener('change', apply);
  }
  window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    // Never ask another host to validate the document (the page's CSP would refuse it anyway).
    validatorUrl: null,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    // Calls tried from the page go with the browser's own cookies (site token and session).
    withCredentials: true,
  });
})();
