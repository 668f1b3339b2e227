// Applies the saved theme before first paint (no flash). Loaded by app/layout.tsx; keep in sync
// with components/ui/theme-toggle.tsx (same localStorage key and values).
(function () {
  try {
    var t = localStorage.getItem('switchyard:theme');
    if (t === 'light' || t === 'dark') {
      document.documentElement.dataset.theme = t;
      document.documentElement.style.colorScheme = t;
    }
  } catch (e) {
    // storage unavailable: follow the OS preference
  }
})();
