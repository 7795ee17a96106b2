//! What the page says when a request fails below the service's own
//! errors: no answer at all (the service unreachable), an answer that is
//! not JSON, JSON without the fields the page reads, or an error page that
//! is not the service's. The page's `fetch` is replaced by one that fails
//! in each of these ways; every action that asks the service then shows
//! one of the page's two sentences, never the browser's or the script's
//! message, keeps the game as it was, and leaves the detail in the
//! console.

use std::net::SocketAddr;

use fantoccini::Client;
use serde_json::json;

use super::play::console_errors;
use super::{board_text, click, in_browser, js, start_server, status, wait_for_status, wait_until};

const UNREACHABLE: &str = "The service could not be reached: check the connection and try again.";
const UNREADABLE: &str = "The service gave an answer the page could not read.";

browser_test! {
    async fn failed_requests_and_unreadable_answers_are_said_in_words() {
        let addr = start_server().await;
        in_browser(addr, failures).await;
    }
}

/// The ways `fetch` fails here: a name, the script of a replacement for
/// `fetch`, the sentence the page shows, and a piece of the console's
/// detail.
const FAKES: [(&str, &str, &str, &str); 4] = [
    (
        "unreachable",
        "() => Promise.reject(new TypeError('Failed to fetch'))",
        UNREACHABLE,
        "Failed to fetch",
    ),
    (
        "not JSON",
        "() => Promise.resolve(new Response('<html>a portal page</html>', \
         { status: 200, headers: { 'content-type': 'text/html' } }))",
        UNREADABLE,
        "not JSON",
    ),
    (
        "JSON without the fields",
        "() => Promise.resolve(new Response('{\"hello\": 1}', \
         { status: 200, headers: { 'content-type': 'application/json' } }))",
        UNREADABLE,
        "lacks",
    ),
    (
        "an error page not the service's",
        "() => Promise.resolve(new Response('<html>Bad Gateway</html>', \
         { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }))",
        UNREADABLE,
        "502",
    ),
];

/// The page's actions that ask the service: a name and a script that
/// starts it.
const ACTIONS: [(&str, &str); 7] = [
    ("new puzzle", "document.getElementById('new').click()"),
    (
        "typed puzzle",
        "(document.getElementById('typed-text').value = '................', \
         document.getElementById('load').click())",
    ),
    ("hint", "document.getElementById('hint').click()"),
    ("logical steps", "document.getElementById('steps').click()"),
    ("solve", "document.getElementById('solve').click()"),
    ("print", "document.getElementById('print').click()"),
    ("daily puzzle", "document.getElementById('daily').click()"),
];

async fn failures(c: &Client, addr: SocketAddr) {
    c.goto(&format!("http://{addr}/")).await.unwrap();
    wait_for_status(c, "New ").await;
    let board = board_text(c).await;
    console_errors(c).await; // read past the start's
    let install = "(window.plainFetch = window.fetch, \
                    window.fetch = (url, init) => window.fake(url, init), true)";
    for (kind, fake, sentence, detail) in FAKES {
        assert_eq!(js(c, &format!("(window.fake = {fake}, true)")).await, json!(true));
        if js(c, "window.plainFetch === undefined").await == json!(true) {
            assert_eq!(js(c, install).await, json!(true));
        }
        for (action, start) in ACTIONS {
            js(c, "(say(''), true)").await;
            js(c, &format!("({start}, true)")).await;
            wait_until(c, "document.getElementById('status').textContent !== ''").await;
            wait_until(
                c,
                "!/…|Making a PDF/.test(document.getElementById('status').textContent) \
                 && !document.getElementById('new').disabled",
            )
            .await;
            let said = status(c).await;
            assert_eq!(said, sentence, "{action}, {kind}");
            assert_eq!(board_text(c).await, board, "{action}, {kind}: the game stays");
            // Print reads a PDF, not JSON: a success that is no PDF is told so.
            let pdf = action == "print" && sentence == UNREADABLE && detail != "502";
            let detail = if pdf { "not a PDF" } else { detail };
            let logged = console_errors(c).await;
            assert!(
                logged.iter().any(|e| e.contains(detail)),
                "{action}, {kind}: the detail {detail:?} in the console: {logged:#?}"
            );
        }
    }
    // The service again: the page works as before.
    js(c, "(window.fetch = window.plainFetch, true)").await;
    click(c, "hint").await;
    wait_for_status(c, "Hint:").await;
}
