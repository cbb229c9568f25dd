"""Buy buttons and variant pickers: what the DOM layer reads beyond a button's label.

A bare "Add" submit counts when its form is named for the cart; a disabled button may be
waiting for a size (by its class or its words); a stock phrase in a variant picker is one
size's, not the product's.
"""
from __future__ import annotations

import re
from typing import Any

from productscraper.pages.dom_elements import _classes, _text


def button_label(node: Any) -> str:
    """What a button shows: its text, or an ``<input>``'s value ("Out of stock", "Pre-order")."""
    return _text(node) or node.get("value") or ""


# The label of a submit button that is only a verb ("Add", "Buy", "In den Korb" is matched apart).
_BARE_VERB = re.compile(r"(?:add|buy|order|bestellen|ajouter|añadir|aggiungi|toevoegen|dodaj|kaufen|comprar|köp)"
                        r"(?: (?:item|now))?", re.IGNORECASE)
_CART_FORM = re.compile(r"cart|basket|trolley|warenkorb|panier|carrito|carrello|winkelwagen|koszyk|orderitemadd",
                        re.IGNORECASE)
# A disabled buy button's own words asking for a variant first ("Select a size", "Bitte Größe wählen").
_ASKS_CHOICE = re.compile(r"(?:select|choose|pick)\s+(?:a\s+|your\s+)?(?:size|colou?r|variant|option)s?"
                          r"|größe\s+wählen|wählen\s+sie|choisi(?:r|ssez)\s+(?:une\s+)?(?:taille|option)"
                          r"|(?:seleccion|elig)\w*\s+(?:una\s+)?(?:talla|opción)|seleziona\s+(?:una\s+)?taglia",
                          re.IGNORECASE)
_PICKER_TAGS = frozenset({"option", "select", "fieldset"})


def in_picker(node: Any, chain: list[Any]) -> bool:
    """Part of a variant picker: an option, a select / fieldset, a radio's label."""
    if node.tag == "label" and node.get("for"):
        return True
    return node.tag in _PICKER_TAGS or any(el.tag in _PICKER_TAGS for el in chain[:3])


# Class / id of a buy button disabled until the shopper picks a variant.
_AWAITS_CHOICE = re.compile(r"no[-_]?size|select[-_]?(?:a[-_])?(?:size|variant|option)|choose[-_]?(?:size|variant|option)"
                            r"|size[-_]?required|needs?[-_]?(?:size|variant)", re.IGNORECASE)


def awaits_choice(node: Any) -> bool:
    """A disabled buy button marked ("noSize", "select-size") or labelled ("Select a size") as
    waiting for a variant: the product is sold, in some variant."""
    return _AWAITS_CHOICE.search(_classes(node)) is not None or _ASKS_CHOICE.search(_text(node)) is not None


def adds_to_cart_form(node: Any) -> bool:
    """A bare "Add" / "Buy" submit of a form named for the cart (Sainsbury's
    ``<form class="addToTrolleyForm">…<input type="submit" value="Add">``)."""
    shown = button_label(node).strip()
    if node.tag not in ("button", "input") or not _BARE_VERB.fullmatch(shown):
        return False
    form = next(node.iterancestors("form"), None)
    return form is not None and _CART_FORM.search(" ".join(
        filter(None, (form.get("class"), form.get("id"), form.get("name"), form.get("action"))))) is not None


def toggled_badge(node: Any, chain: list[Any], value: str) -> bool:
    """A "Sold out" badge the theme always prints and CSS shows only on a sold-out product
    (Dawn's ``price__badge-sold-out``): a statement only when a box around it says sold out
    too (``price--sold-out``)."""
    if value != "OutOfStock" or "badge" not in _classes(node).lower():
        return False
    return not any("sold" in _classes(el).lower() for el in chain[:4])


# A link styled as the buy button that only leads to the product or its options (WooCommerce
# prints "Read more" in the add-to-cart slot of a product it cannot sell).
_NOT_BUYING = re.compile(r"^\s*(?:read more|view (?:product|details)|more info|weiterlesen|mehr erfahren|"
                         r"en savoir plus|leer más|scopri di più)\s*$", re.IGNORECASE)


def not_buying(node: Any) -> bool:
    """The control only leads to reading about the product, whatever its class says."""
    return _NOT_BUYING.match(button_label(node)) is not None


# Controls and unshown text: what they hold is a choice, a link or code, not the product's own statement.
CONTROLS = frozenset({"script", "style", "noscript", "template", "option", "button", "a", "label", "select",
                      "textarea", "title"})


def in_control(el: Any, levels: int = 4) -> bool:
    """``el`` is, or sits at most ``levels`` ancestors inside, a control (an option's label "Used:
    Price: $9.00", a link, a button) or a script."""
    if isinstance(el.tag, str) and el.tag.lower() in CONTROLS:
        return True
    for depth, node in enumerate(el.iterancestors()):
        if depth >= levels:
            break
        if isinstance(node.tag, str) and node.tag.lower() in CONTROLS:
            return True
    return False
