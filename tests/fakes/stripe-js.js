// A fake Stripe.js for e2e tests, served by Playwright in place of https://js.stripe.com.
// The card element and the Payment Element are a plain text input in the page (the real ones
// are iframes); confirmCardPayment and confirmPayment (the Payment Element's) post
// posts to https://api.stripe.com/v1/payment_intents/{id}/confirm like the real Stripe.js,
// which the test routes to the local fake Stripe API (tests/fakes/stripe-server.mjs).
(function () {
  function Stripe(key) {
    if (typeof key !== "string" || key.indexOf("pk_") !== 0) throw new Error("Invalid publishable key");

    function createCard() {
      var listeners = {};
      var input = document.createElement("input");
      input.type = "text";
      input.inputMode = "numeric";
      input.autocomplete = "cc-number";
      input.placeholder = "Card number";
      input.setAttribute("aria-label", "Card number");
      input.setAttribute("data-testid", "fake-card-number");
      input.style.cssText = "width:100%;border:0;outline:0;font-size:16px;background:transparent";
      function emit(type, payload) {
        (listeners[type] || []).forEach(function (cb) {
          cb(payload);
        });
      }
      input.addEventListener("input", function () {
        var digits = input.value.replace(/\D/g, "");
        emit("change", {
          elementType: "card",
          empty: digits.length === 0,
          complete: digits.length >= 16,
          error: undefined,
        });
      });
      var element = {
        _type: "card",
        _input: input,
        mount: function (target) {
          var node = typeof target === "string" ? document.querySelector(target) : target;
          node.appendChild(input);
          setTimeout(function () {
            emit("ready", { elementType: "card" });
          }, 0);
        },
        on: function (type, cb) {
          (listeners[type] = listeners[type] || []).push(cb);
          return element;
        },
        off: function (type, cb) {
          listeners[type] = (listeners[type] || []).filter(function (f) {
            return f !== cb;
          });
          return element;
        },
        update: function () {},
        unmount: function () {
          input.remove();
        },
        destroy: function () {
          input.remove();
        },
        focus: function () {
          input.focus();
        },
        blur: function () {
          input.blur();
        },
        clear: function () {
          input.value = "";
        },
      };
      return element;
    }

    var created = {};
    var elements = {
      create: function (type) {
        created[type] = createCard();
        return created[type];
      },
      getElement: function (type) {
        // React Stripe.js passes its component, which names the type in __elementType.
        var key = typeof type === "string" ? type : type && type.__elementType;
        return created[key] || null;
      },
      update: function () {},
      fetchUpdates: function () {
        return Promise.resolve({});
      },
    };

    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function (options) {
        elements._clientSecret = options && options.clientSecret;
        return elements;
      },
      createToken: function () {
        return Promise.reject(new Error("not faked"));
      },
      createPaymentMethod: function () {
        return Promise.reject(new Error("not faked"));
      },
      confirmPayment: function (options) {
        var clientSecret = options && options.clientSecret;
        var el = created.payment;
        if (!clientSecret && options && options.elements && options.elements._clientSecret)
          clientSecret = options.elements._clientSecret;
        var number = el && el._input ? el._input.value.replace(/\D/g, "") : "";
        return this.confirmCardPayment(clientSecret, { payment_method: { card: { _input: { value: number } } } });
      },
      confirmCardPayment: function (clientSecret, data) {
        var id = clientSecret.split("_secret_")[0];
        var card = data && data.payment_method && data.payment_method.card;
        var number = card && card._input ? card._input.value.replace(/\D/g, "") : "";
        var billing = (data && data.payment_method && data.payment_method.billing_details) || {};
        var body = new URLSearchParams({
          key: key,
          client_secret: clientSecret,
          "payment_method_data[type]": "card",
          "payment_method_data[card][number]": number,
          "payment_method_data[billing_details][name]": billing.name || "",
          "payment_method_data[billing_details][email]": billing.email || "",
        });
        return fetch("https://api.stripe.com/v1/payment_intents/" + id + "/confirm", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: body.toString(),
        })
          .then(function (res) {
            return res.json();
          })
          .then(function (json) {
            if (json.error) return { error: json.error };
            return { paymentIntent: json };
          });
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
