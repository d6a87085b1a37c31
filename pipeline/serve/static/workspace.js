// Partial updates for the claimaudit workspace: a form marked data-swap is sent with fetch and
// the element it names is replaced by the server's HTML for it. No verdict is computed here:
// the server judges every change with the engine. Without scripts, every form posts normally.
"use strict";
function bind(root) {
  root.querySelectorAll("form[data-swap]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      // an answer given to other claims too changes their cards: the whole page is sent back
      if (form.querySelector("input[name^='alike_']:checked")) { return; }
      event.preventDefault();
      var target = document.getElementById(form.dataset.swap);
      var button = form.querySelector("button[type=submit]");
      if (button) { button.disabled = true; }
      fetch(form.action, {method: "POST", body: new FormData(form), headers: {"X-Partial": "1"},
                          credentials: "same-origin"})
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var fresh = holder.firstElementChild;
          target.replaceWith(fresh);
          bind(fresh);
          var open = document.querySelectorAll(".card.open").length;
          var counter = document.getElementById("open-count");
          if (counter) { counter.textContent = String(open); }
        })
        .catch(function () { form.submit(); });
    });
  });
}
document.addEventListener("DOMContentLoaded", function () { bind(document); });
