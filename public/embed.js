/*
 * Scheduler embeds (docs/decisions/019): no dependencies, no build step, ES2017.
 * - <iframe data-scheduler-embed src=".../{username}/{slug}?embed=1">: sized to the booking
 *   page's height (its "scheduler:resize" messages).
 * - <a href=".../{username}/{slug}" data-scheduler-popup>: a click opens the page in a dialog
 *   over this page (a plain link without JavaScript); the page's utm_* and ref parameters go
 *   along to the booking (decision 079).
 * Both frames announce a booking as a "scheduler:booked" DOM event (detail: id, start, end, and
 * redirectUrl when the event type sends its guests to a page of the host's, decision 087) on
 * the iframe; it bubbles, so document.addEventListener("scheduler:booked", ...) hears it. Then
 * the whole window goes to redirectUrl, unless a listener called event.preventDefault().
 */
(function () {
  "use strict";
  if (window.__schedulerEmbed) return;
  window.__schedulerEmbed = true;

  var popup = null;

  function originOf(url) {
    try {
      return new URL(url, location.href).origin;
    } catch (e) {
      return null;
    }
  }

  function frameOf(source) {
    var frames = document.querySelectorAll("iframe[data-scheduler-embed], iframe[data-scheduler-popup-frame]");
    for (var i = 0; i < frames.length; i++) if (frames[i].contentWindow === source) return frames[i];
    return null;
  }

  // Only messages from one of our frames' own window, sent by the origin it was pointed at.
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || typeof data.type !== "string" || data.type.indexOf("scheduler:") !== 0) return;
    var frame = frameOf(event.source);
    if (!frame || event.origin !== originOf(frame.src)) return;
    if (data.type === "scheduler:resize") {
      var height = Number(data.height);
      // A popup on a phone fills the screen; elsewhere the frame is as tall as its page.
      var sized = frame.hasAttribute("data-scheduler-embed") || (popup && popup.frame === frame && !popup.small);
      if (sized && height > 0 && height < 100000) frame.style.height = Math.ceil(height) + "px";
    } else if (data.type === "scheduler:escape") {
      if (popup && popup.frame === frame) closePopup();
    } else if (data.type === "scheduler:booked") {
      var detail = { id: String(data.id), start: String(data.start), end: String(data.end) };
      var target = typeof data.redirectUrl === "string" ? data.redirectUrl : null;
      if (target && !/^https?:\/\//i.test(target)) target = null;
      if (target) detail.redirectUrl = target;
      var go = frame.dispatchEvent(
        new CustomEvent("scheduler:booked", { bubbles: true, cancelable: true, detail: detail }),
      );
      if (target && go) window.location.assign(target);
    }
  });

  function element(tag, css, attributes) {
    var node = document.createElement(tag);
    node.style.cssText = css;
    for (var name in attributes) node.setAttribute(name, attributes[name]);
    return node;
  }

  function onKey(event) {
    if (event.key === "Escape") closePopup();
  }

  function closePopup() {
    if (!popup) return;
    var p = popup;
    popup = null;
    document.removeEventListener("keydown", onKey, true);
    p.overlay.remove();
    p.inerted.forEach(function (node) {
      node.inert = false;
    });
    document.documentElement.style.overflow = p.overflow;
    if (p.opener.isConnected) p.opener.focus();
  }

  function openPopup(url, opener) {
    closePopup();
    var src;
    try {
      src = new URL(url, location.href);
    } catch (e) {
      return false;
    }
    src.searchParams.set("embed", "1");
    // The page's own source parameters (decision 079) reach the booking unless the link has its own.
    var here = new URLSearchParams(location.search);
    ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "ref"].forEach(function (key) {
      if (here.get(key) && !src.searchParams.has(key)) src.searchParams.set(key, here.get(key));
    });
    var small = window.matchMedia("(max-width: 640px)").matches;
    var label = (opener.textContent || "").trim() || "Book a meeting";
    var id = "scheduler-popup-title";
    var overlay = element(
      "div",
      "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(17,24,39,.6);padding:" +
        (small ? "0" : "24px"),
    );
    var dialog = element(
      "div",
      "display:flex;flex-direction:column;width:100%;max-width:1040px;max-height:100%;background:#fff;overflow:hidden;box-shadow:0 20px 50px rgba(0,0,0,.3);" +
        (small ? "height:100%;border-radius:0" : "border-radius:12px"),
      { role: "dialog", "aria-modal": "true", "aria-labelledby": id },
    );
    var bar = element(
      "div",
      "display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 8px 8px 16px;border-bottom:1px solid #e5e5e5",
    );
    var title = element(
      "h2",
      "margin:0;font:600 16px/1.4 system-ui,sans-serif;color:#171717;overflow:hidden;text-overflow:ellipsis;white-space:nowrap",
      {
        id: id,
      },
    );
    title.textContent = label;
    var close = element(
      "button",
      "flex:none;width:44px;height:44px;border:0;border-radius:8px;background:transparent;color:#404040;font:400 28px/1 system-ui,sans-serif;cursor:pointer",
      {
        type: "button",
        "aria-label": "Close",
      },
    );
    close.textContent = "\u00d7";
    var frame = element(
      "iframe",
      "flex:1 1 auto;min-height:0;display:block;width:100%;border:0;height:" + (small ? "auto" : "640px"),
      {
        src: src.toString(),
        title: label,
        "data-scheduler-popup-frame": "",
      },
    );
    bar.append(title, close);
    dialog.append(bar, frame);
    overlay.append(dialog);

    // The page behind is out of reach (focus, clicks, screen readers) and does not scroll.
    var inerted = [];
    Array.prototype.forEach.call(document.body.children, function (node) {
      if (!node.inert) {
        node.inert = true;
        inerted.push(node);
      }
    });
    popup = {
      overlay: overlay,
      frame: frame,
      opener: opener,
      small: small,
      inerted: inerted,
      overflow: document.documentElement.style.overflow,
    };
    document.documentElement.style.overflow = "hidden";
    document.body.append(overlay);
    close.addEventListener("click", closePopup);
    overlay.addEventListener("click", function (event) {
      if (event.target === overlay) closePopup();
    });
    document.addEventListener("keydown", onKey, true);
    close.focus();
    return true;
  }

  // A plain click on a popup link opens the dialog; Ctrl/Cmd/Shift-click still opens a tab.
  document.addEventListener("click", function (event) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    var opener = event.target instanceof Element ? event.target.closest("[data-scheduler-popup]") : null;
    if (!opener) return;
    var url = opener.getAttribute("data-scheduler-popup") || opener.getAttribute("href");
    if (url && openPopup(url, opener)) event.preventDefault();
  });
})();
