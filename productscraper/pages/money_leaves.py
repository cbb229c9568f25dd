"""Money-looking leaves: amounts printed with a symbol in an element of their own, no price class needed.

The DOM layer's fallback when no element is named for a price (and its check of a far one):
"22,50 €", "$ 1,299.00", "₹2,499", "49€99" in a short leaf near the title. XPath finds the
candidates (a symbol in a short text), :data:`MONEY` says whether a leaf is an amount and nothing else.
"""
from __future__ import annotations

import re

from lxml import etree

# Cheapest tests first, each string value built as few times as can be: ``[text() or *]``
# drops empty leaves (icons, inputs) before their string is built, one translate() asks
# for the five one-character symbols at once (~25 % cheaper than eight contains()).
_MONEY_LEAVES = ("//body/descendant::*[not(*[2]) or self::strong or self::b or self::span][text() or *]"
                 "[string-length(normalize-space()) < 24]"
                 "[contains(translate(., '$£¥円', '€€€€'), '€') or contains(., 'EUR') or contains(., 'zł')"
                 " or contains(., 'kr')]")
# The other symbols, asked only when the common ones found nothing: translate() costs per character and
# map entry, and each contains() builds the node's string again.
LEAVES_MORE = etree.XPath(_MONEY_LEAVES.split("[contains(translate")[0]
                          + "[contains(translate(., '₹₩₽₺₫₱₴฿₪₦', '€€€€€€€€€€'), '€')]")
MORE_SYMBOLS = "₹₩₽₺₫₱₴฿₪₦"
# "22,50 €", "$ 1,299.00", "EUR 12.00", "₹2,499", "49€99": a symbol or code and an amount, nothing else.
_SYMBOL = r"(?:[$€£¥₹₦₺₩₫₱₴₽฿₪]|EUR|USD|GBP|kr|zł|円)"
MONEY = re.compile(_SYMBOL + r"?\s?\d{1,3}(?:[.,\u00a0 '’]\d{3})*(?:[.,]\d{2})?\s?" + _SYMBOL + r"?"
                   r"|\d{1,3}(?:[.\u00a0 ]\d{3})*€\d{2}")
# French shops print the euro sign as the decimal mark ("49€99"): one amount, not two.
EURO_CENTS = re.compile(r"(\d)€(\d{2})(?!\d)")
LEAVES_PAGE = etree.XPath(_MONEY_LEAVES)  # the whole body's
LEAVES_UNDER = etree.XPath("." + _MONEY_LEAVES[len("//body"):])  # ./descendant::*[...] of a region
