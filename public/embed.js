/*
 * Switchyard chat bubble (issue 22, part 3). On a page whose origin the graph's share settings
 * allow:
 *   <script src="https://<switchyard>/embed.js" data-token="<share token>" async></script>
 * adds a round button in the bottom corner that opens the graph's public chat in an iframe
 * (/c/<token>?embed=1). Options: data-position="left", data-label="Chat with us".
 * The chat runs on the Switchyard server: the page gets no access to it beyond this frame.
 */
(function () {
  var script = document.currentScript;
  if (!script) return;
  var token = script.getAttribute('data-token');
  if (!token || !/^[A-Za-z0-9_-]{8,100}$/.test(token)) {
    console.error('Switchyard embed: data-token is missing or malformed');
    return;
  }
  var origin = new URL(script.src, location.href).origin;
  var left = script.getAttribute('data-position') === 'left';
  var label = script.getAttribute('data-label') || 'Open chat';
  var side = left ? 'left' : 'right';

  var button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('data-switchyard-bubble', '');
  button.style.cssText =
    'position:fixed;bottom:20px;' + side + ':20px;width:56px;height:56px;border-radius:50%;border:none;cursor:pointer;' +
    'background:#4f46e5;color:#fff;box-shadow:0 8px 24px rgba(16,24,40,.25);z-index:2147483646;display:flex;align-items:center;justify-content:center;';
  var chatIcon =
    '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
  var closeIcon =
    '<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  button.innerHTML = chatIcon;

  var frame = null;
  function open() {
    if (!frame) {
      frame = document.createElement('iframe');
      frame.src = origin + '/c/' + encodeURIComponent(token) + '?embed=1';
      frame.title = label;
      frame.setAttribute('data-switchyard-frame', '');
      frame.style.cssText =
        'position:fixed;bottom:88px;' + side + ':20px;width:380px;height:560px;max-width:calc(100vw - 40px);max-height:calc(100vh - 108px);' +
        'border:1px solid rgba(16,24,40,.12);border-radius:12px;box-shadow:0 20px 48px rgba(16,24,40,.25);background:#fff;z-index:2147483647;';
      document.body.appendChild(frame);
    }
    frame.style.display = 'block';
    button.innerHTML = closeIcon;
    button.setAttribute('aria-expanded', 'true');
  }
  function close() {
    if (frame) frame.style.display = 'none';
    button.innerHTML = chatIcon;
    button.setAttribute('aria-expanded', 'false');
  }
  button.addEventListener('click', function () {
    if (button.getAttribute('aria-expanded') === 'true') close();
    else open();
  });
  function mount() {
    document.body.appendChild(button);
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
