// Opened at a job's or company's own page (/jobs/{id}, /companies/{id}: the server's page for people
// and search engines, apps/server/src/modules/pages), the app starts on the same screen: the address
// becomes the app's hash route (/#/job/{id}) before the app reads it. Only those pages load this file,
// so the sign-in screen's first load does not carry it; a file, as the CSP forbids inline scripts.
(function (location, history) {
  var match = /^\/(jobs|companies)\/([1-9]\d{0,9})\/?$/.exec(location.pathname);
  var hasOwnRoute = location.hash !== '' && location.hash !== '#' && location.hash !== '#/';
  if (match && !hasOwnRoute) history.replaceState(null, '', '/#/' + (match[1] === 'jobs' ? 'job' : 'company') + '/' + match[2]);
})(window.location, window.history);
