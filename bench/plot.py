"""The benchmark's PNG plot (matplotlib, optional: without it no plot is written)."""
from __future__ import annotations

import math
from pathlib import Path


def scenario_label(row: dict) -> str:
    label = row["name"]
    if row.get("extrapolated_from"):
        label += f", extrapolated from {row['extrapolated_from']}"
    return label


def plot(rows: list[dict], path: Path) -> bool:
    """products/min and CPU-s per scenario as a PNG; False when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    ok = [r for r in rows if not r.get("error") and r.get("products_per_min")]
    if not ok:
        return False
    names = [scenario_label(r) for r in ok][::-1]
    ppm = [r["products_per_min"] for r in ok][::-1]
    cpu = [r["cpu_s"] or 0 for r in ok][::-1]
    svc = [r["service_cpu_s"] or 0 for r in ok][::-1]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(14, 0.45 * len(ok) + 2), sharey=True)
    ax1.barh(names, ppm, color="tab:blue")
    ax1.set_xscale("log")
    # Log-scale bars start at the axis: start it at a power of ten so lengths compare.
    ax1.set_xlim(10 ** math.floor(math.log10(min(ppm))), max(ppm) * 3)
    ax1.set_xlabel("products/min (log scale)")
    for y, v in enumerate(ppm):
        ax1.annotate(f"{v:,.0f}", (v, y), xytext=(3, 0), textcoords="offset points", va="center", fontsize=8)
    ax2.barh(names, cpu, color="tab:orange", label="system (spiders, workers)")
    ax2.barh(names, svc, left=cpu, color="tab:gray", label="redis + nx-27017")
    ax2.set_xlim(0, max(c + s for c, s in zip(cpu, svc)) * 1.2)
    for y, (c, s) in enumerate(zip(cpu, svc)):
        ax2.annotate(f"{c:.1f} + {s:.1f}", (c + s, y), xytext=(3, 0), textcoords="offset points",
                     va="center", fontsize=8)
    ax2.set_xlabel("CPU seconds")
    ax2.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, fontsize=8, frameon=False)
    fig.suptitle("productscraper benchmark (one run on one machine: compare ratios)", y=0.995)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def plot_cpu_by_process(plain_by: dict[str, float], fan_by: dict[str, float], stored: tuple[int, int],
                        path: Path, order: tuple[str, ...]) -> bool:
    """CPU-s per 1,000 products, stacked by process, the plain peer above the fan-out (PNG)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    names = [n for n in (*order, "site") if n in plain_by or n in fan_by]
    bars = [("plain Scrapy peer", plain_by, stored[0]), ("fan-out 2 workers", fan_by, stored[1])]
    fig, ax = plt.subplots(figsize=(10, 2.8))
    colors = plt.get_cmap("tab10").colors
    for y, (label, by, n) in enumerate(bars):
        left = 0.0
        for i, name in enumerate(names):
            width = by.get(name, 0.0) * 1000 / n if n else 0.0
            ax.barh(label, width, left=left, color=colors[i % len(colors)], hatch="//" if name == "site" else None,
                    label=name if y == 0 or name not in plain_by else None)
            left += width
        ax.annotate(f"{left:.1f}", (left, y), xytext=(3, 0), textcoords="offset points", va="center", fontsize=8)
    ax.set_xlabel("CPU seconds per 1,000 products stored (books corpus, 0 ms; hatched: the site, not counted)")
    handles, labels = ax.get_legend_handles_labels()
    seen = dict(zip(labels, handles))
    ax.legend(seen.values(), seen.keys(), loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=len(seen),
              fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True
