// Theme before first paint (no flash): stored choice, else the OS preference. An external file
// because the server's CSP allows scripts from 'self' only.
try {
  var t = localStorage.getItem('theme');
  if (t === 'dark' || (!t && matchMedia('(prefers-color-scheme: dark)').matches)) document.documentElement.classList.add('dark');
} catch (e) {}
