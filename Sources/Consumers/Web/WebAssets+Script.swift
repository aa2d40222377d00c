extension WebAssets {
    /// The reader's script: it adds, and everything works without it (forms and links). It has no key bindings at
    /// all, so no key a screen reader's browse mode uses is taken.
    /// - Display settings (a native disclosure in the banner): tiers shown, and the theme (automatic follows
    ///   `prefers-color-scheme` and `prefers-contrast`), kept in `localStorage`.
    /// - A word's define disclosure loads the entry when first opened (`/word/…&fragment=1`) into a polite live
    ///   region, so a screen reader says it when it arrives.
    /// - One continuous Bible, read onward: the page holds the chapter being read, the next one and the one read
    ///   before it, no more; when the chapter being read changes (by scrolling, by focus, or by the caret a screen
    ///   reader moves), the next chapter is fetched (`/read/John.3?fragment=1`) and the one beyond the window
    ///   removed, the view kept still; the address follows the chapter being read (`history.replaceState`), the
    ///   pager links point past the window. The previous chapter is never put above the one asked for: a screen
    ///   reader that starts at the top of the page would meet it first, and each chapter it read would put another
    ///   one above it; the "Previous" link leads back.
    /// - On the search page, a new search replaces the results in place and a live region says the count.
    static let script = #"""
        (() => {
          'use strict';
          const root = document.documentElement;
          const saved = {
            get(key) { try { return localStorage.getItem('interlinear.' + key); } catch (e) { return null; } },
            set(key, value) { try { localStorage.setItem('interlinear.' + key, value); } catch (e) { /* private mode */ } }
          };

          // Display settings.
          const tiers = [['src', 'Greek or Hebrew word'], ['tr', 'Transliteration'], ['st', "Strong's number"],
            ['mo', 'Morphology'], ['gl', 'Gloss'], ['lm', 'Dictionary form'], ['tl', 'Translation']];
          const themes = [['', 'Automatic'], ['light', 'Light'], ['dark', 'Dark'], ['contrast', 'High contrast'],
            ['contrast-dark', 'High contrast, dark']];
          const hidden = new Set((saved.get('hidden') || '').split(' ').filter(Boolean));
          const applyTiers = () => { for (const [name] of tiers) root.classList.toggle('hide-' + name, hidden.has(name)); };
          const applyTheme = (theme) => { if (theme) root.dataset.theme = theme; else delete root.dataset.theme; };
          applyTiers();
          applyTheme(saved.get('theme') || '');

          const banner = document.querySelector('header.site');
          if (banner) {
            const settings = document.createElement('details');
            settings.className = 'settings';
            const summary = document.createElement('summary');
            summary.textContent = 'Display';
            const fieldset = document.createElement('fieldset');
            const legend = document.createElement('legend');
            legend.textContent = 'Tiers shown';
            fieldset.append(legend);
            for (const [name, label] of tiers) {
              const box = document.createElement('input');
              box.type = 'checkbox';
              box.id = 'tier-' + name;
              box.checked = !hidden.has(name);
              box.addEventListener('change', () => {
                if (box.checked) hidden.delete(name); else hidden.add(name);
                saved.set('hidden', Array.from(hidden).join(' '));
                applyTiers();
              });
              const text = document.createElement('label');
              text.htmlFor = box.id;
              text.textContent = label;
              const item = document.createElement('span');
              item.append(box, ' ', text);
              fieldset.append(item);
            }
            const themeLabel = document.createElement('label');
            themeLabel.htmlFor = 'theme';
            themeLabel.textContent = 'Theme ';
            const select = document.createElement('select');
            select.id = 'theme';
            for (const [value, label] of themes) select.add(new Option(label, value));
            select.value = root.dataset.theme || '';
            select.addEventListener('change', () => { applyTheme(select.value); saved.set('theme', select.value); });
            settings.append(summary, fieldset, themeLabel, select);
            banner.append(settings);
          }

          // Define disclosures: the entry loaded when first opened.
          document.addEventListener('toggle', (event) => {
            const details = event.target;
            if (!(details instanceof HTMLDetailsElement) || !details.classList.contains('def')) return;
            if (!details.open || details.dataset.loaded) return;
            const link = details.querySelector('a[href^="/word/"]');
            if (!link) return;
            details.dataset.loaded = 'loading';
            const box = document.createElement('div');
            box.setAttribute('aria-live', 'polite');
            details.append(box);
            fetch(link.getAttribute('href') + '&fragment=1')
              .then((response) => response.ok ? response.text() : Promise.reject(new Error(String(response.status))))
              .then((html) => { box.innerHTML = html; link.remove(); details.dataset.loaded = 'yes'; })
              .catch(() => { box.textContent = 'The entry could not be loaded: follow the link.'; delete details.dataset.loaded; });
          }, true);

          // One continuous Bible.
          const reading = document.getElementById('reading');
          if (reading && reading.querySelector('section.chapter')) {
            const fetched = new Map();
            // A chapter in English order (`?order=english`) reads on in it: fetches, links and the address keep it.
            const english = reading.querySelector('section.chapter').dataset.order === 'english';
            const chapterAddress = (id) => '/read/' + id + (english ? '?order=english' : '');
            const chapterFragment = (id) => {
              if (!fetched.has(id)) {
                fetched.set(id, fetch(chapterAddress(id) + (english ? '&' : '?') + 'fragment=1').then((response) => {
                  if (!response.ok) throw new Error(String(response.status));
                  return response.text();
                }).catch((error) => { fetched.delete(id); throw error; }));
              }
              return fetched.get(id);
            };
            const sections = () => Array.from(reading.children).filter((node) => node.matches('section.chapter'));
            const byId = (id) => sections().find((node) => node.dataset.chapter === id);
            const parse = (html) => {
              const template = document.createElement('template');
              template.innerHTML = html;
              return template.content.querySelector('section.chapter');
            };
            // A change above `anchor` (the chapter being read, which stays) keeps what is on screen where it is.
            const keepingView = (anchor, change) => {
              const before = anchor.getBoundingClientRect().top;
              change();
              window.scrollBy(0, anchor.getBoundingClientRect().top - before);
            };
            const initial = sections()[0].dataset.chapter;
            let current = initial;
            let working = false;
            let again = false;

            const updatePagers = () => {
              const list = sections();
              const first = list[0];
              const last = list[list.length - 1];
              const set = (selector, id, word) => {
                const link = document.querySelector(selector);
                if (!link) return;
                if (!id) { link.remove(); return; }
                link.href = chapterAddress(id);
                const target = byId(id);
                const name = target ? target.querySelector('h1').textContent : id.replace('.', ' ');
                link.textContent = word + ': ' + name;
              };
              set('.pager.top a[rel=prev]', first.dataset.prev, 'Previous');
              set('.pager.bottom a[rel=next]', last.dataset.next, 'Next');
            };

            const fill = async () => {
              if (working) { again = true; return; }
              working = true;
              try {
                do {
                  again = false;
                  const here = byId(current);
                  if (!here) break;
                  const wanted = [here.dataset.prev, current, here.dataset.next].filter(Boolean);
                  for (const node of sections()) {
                    if (!wanted.includes(node.dataset.chapter)) {
                      const above = node.compareDocumentPosition(here) & Node.DOCUMENT_POSITION_FOLLOWING;
                      if (above) keepingView(here, () => node.remove()); else node.remove();
                    }
                  }
                  const next = here.dataset.next;
                  if (next && !byId(next)) {
                    const section = parse(await chapterFragment(next));
                    if (section && !byId(next) && byId(current) === here) here.after(section);
                  }
                  updatePagers();
                } while (again);
              } catch (error) {
                // The pager links still lead on.
              } finally {
                working = false;
              }
            };

            const becomeCurrent = (section) => {
              if (!section || section.dataset.chapter === current) return;
              current = section.dataset.chapter;
              const heading = section.querySelector('h1');
              history.replaceState(null, '', chapterAddress(current));
              if (heading) document.title = heading.textContent + ' — Interlinear Bible';
              fill();
            };
            const sectionOf = (node) => {
              const element = node && (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement);
              const section = element && element.closest('section.chapter');
              return section && section.parentElement === reading ? section : null;
            };
            let scheduled = false;
            window.addEventListener('scroll', () => {
              if (scheduled) return;
              scheduled = true;
              requestAnimationFrame(() => {
                scheduled = false;
                const line = window.innerHeight / 3;
                becomeCurrent(sections().find((node) => {
                  const box = node.getBoundingClientRect();
                  return box.top <= line && box.bottom > line;
                }));
              });
            }, { passive: true });
            document.addEventListener('focusin', (event) => becomeCurrent(sectionOf(event.target)));
            document.addEventListener('selectionchange', () => {
              const selection = document.getSelection();
              if (selection && selection.focusNode) becomeCurrent(sectionOf(selection.focusNode));
            });
            fill();
          }

          // Search: new results in place, the count said in a live region.
          const results = document.getElementById('results');
          const form = document.querySelector('form.find');
          if (results && form && window.fetch) {
            const status = document.createElement('p');
            status.className = 'sr';
            status.setAttribute('role', 'status');
            results.before(status);
            form.addEventListener('submit', (event) => {
              const query = new URLSearchParams(new FormData(form));
              if (!(query.get('q') || '').trim()) return;
              event.preventDefault();
              fetch('/search?' + query.toString() + '&fragment=1')
                .then((response) => response.text().then((html) => ({ ok: response.ok, html })))
                .then(({ ok, html }) => {
                  if (!ok) { form.submit(); return; }
                  const holder = document.createElement('div');
                  holder.innerHTML = html;
                  const fresh = holder.querySelector('#results');
                  const current = document.getElementById('results');
                  if (!fresh || !current) { form.submit(); return; }
                  current.replaceWith(fresh);
                  const heading = fresh.querySelector('h1');
                  const said = heading ? heading.textContent : '';
                  history.pushState(null, '', '/search?' + query.toString());
                  document.title = said + ' — Interlinear Bible';
                  status.textContent = said;
                })
                .catch(() => form.submit());
            });
          }
        })();
        """#
}
