/** The demo page (GET /demo): a mock app header with <herald-inbox>, fed by a token from POST /demo/session. */
export const DEMO_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Herald inbox demo</title>
<style>
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; background: #f6f7f9; color: #1f2328; }
  header { display: flex; align-items: center; justify-content: space-between; padding: 10px 24px; background: #fff; border-bottom: 1px solid #e5e7eb; }
  header strong { font-size: 18px; }
  main { max-width: 760px; margin: 32px auto; padding: 0 24px; }
  .card { background: #fff; border: 1px solid #e5e7eb; border-radius: 12px; padding: 20px 24px; }
  button.send { font: inherit; padding: 8px 14px; border: 0; border-radius: 8px; background: #4f46e5; color: #fff; cursor: pointer; }
  code, pre { background: #f3f4f6; border-radius: 6px; padding: 2px 6px; }
  pre { padding: 12px; overflow: auto; }
</style>
</head>
<body>
<header>
  <strong>Acme app</strong>
  <herald-inbox id="inbox" push="/push/herald-sw.js"></herald-inbox>
</header>
<main>
  <div class="card">
    <h1>&lt;herald-inbox&gt; demo</h1>
    <p>The bell shows <code>demo-user</code>'s feed, live. Send one and watch it arrive without a reload; open this page in a second tab: reading in one updates the other.
    The panel's "Enable push notifications" (attribute <code>push</code>) subscribes this browser: the test notifications then arrive as web push too.</p>
    <p><button class="send" id="send" type="button">Send a test notification</button></p>
    <pre>&lt;script type="module" src="/ui/herald-inbox.js"&gt;&lt;/script&gt;
&lt;herald-inbox base-url="https://herald.example.com"
              recipient-id="demo-user"
              token="nk_tok_…"&gt;&lt;/herald-inbox&gt;</pre>
  </div>
</main>
<script type="module">
  import '/ui/herald-inbox.js';
  const session = async () => (await fetch('/demo/session', { method: 'POST' })).json();
  const inbox = document.getElementById('inbox');
  const s = await session();
  inbox.tokenProvider = async () => (await session()).token;
  inbox.setAttribute('base-url', location.origin);
  inbox.setAttribute('token', s.token);
  inbox.setAttribute('recipient-id', s.recipient_id);
  document.getElementById('send').addEventListener('click', () => fetch('/demo/send', { method: 'POST' }));
</script>
</body>
</html>
`;
