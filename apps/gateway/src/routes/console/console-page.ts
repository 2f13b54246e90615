/** The console's one HTML page: the bundle renders everything else. */
export const CONSOLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Herald console</title>
<link rel="stylesheet" href="/console/assets/console.css">
<script type="module" src="/console/assets/console.js"></script>
</head>
<body>
<div id="console"><main><p>Loading the console…</p></main></div>
</body>
</html>
`;
