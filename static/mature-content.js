// The Red Room's warning for a browser that accepted it before but lost the cookie: a classic,
// parser-blocking script placed before the warning marks the page, so the stylesheet hides the
// warning before it is ever painted; the Gallery island then restores the cookie and the gallery.
try {
  if (localStorage.getItem('matureContentAccepted') === 'true') document.documentElement.setAttribute('data-mature-accepted', '');
  // biome-ignore lint/correctness/noUnusedVariables: kept from before the linter; fix when this code is next touched
} catch (error) {
  // Storage off: the warning shows, as on a first visit.
}
