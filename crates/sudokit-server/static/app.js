// The game script arrives with the page (it will call /api/v1/generate).
