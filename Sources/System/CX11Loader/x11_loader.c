// Xlib, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's lazy_library.h).
//
// Only `view` talks to X11 itself (to set its window title in standard forms, X11Title.swift), and only once SDL has
// opened an X11 window: SDL loads libX11 then for its own X11 driver, so opening it here finds the same copy.
// Linked normally, libX11 and libxcb cost every `interlinear` process their loading at start (callgrind,
// benchmark `typeset-warm`).
// Without libX11 the functions fail the way Xlib reports failure (no atom, no text property), so the title is left
// as SDL set it; SDL's X11 driver cannot run without libX11 anyway.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <lazy_library.h>
#include <stdio.h>
#include "x11_loader.h"

LAZY_LIBRARY(x11, "libX11.so.6", "Xlib", "libx11-6");

const char *x11_loader_failure(void) { return lazy_library_failure(&x11); }

LAZY_FORWARD(x11, int, XFlush, (Display * display), (display), 0)
LAZY_FORWARD(x11, int, XFree, (void *data), (data), 0)
LAZY_FORWARD(x11, Atom, XInternAtom, (Display * display, const char *atom_name, Bool only_if_exists),
             (display, atom_name, only_if_exists), None)
LAZY_FORWARD_VOID(x11, XSetTextProperty, (Display * display, Window w, XTextProperty *text_prop, Atom property),
                  (display, w, text_prop, property))
LAZY_FORWARD_VOID(x11, XSetWMName, (Display * display, Window w, XTextProperty *text_prop), (display, w, text_prop))
LAZY_FORWARD(x11, int, Xutf8TextListToTextProperty,
             (Display * display, char **list, int count, XICCEncodingStyle style, XTextProperty *text_prop_return),
             (display, list, count, style, text_prop_return), XConverterNotFound)
// The window's key events as AT-SPI forwards them to the screen reader (X11Keys.swift): keysym, text, key name.
LAZY_FORWARD(x11, int, XLookupString,
             (XKeyEvent * event, char *buffer, int bytes, KeySym *keysym, XComposeStatus *status),
             (event, buffer, bytes, keysym, status), 0)
LAZY_FORWARD(x11, char *, XKeysymToString, (KeySym keysym), (keysym), NULL)

// The window's input method (PromptInputMethod.swift): opened only when a prompt first takes typed text, since
// opening Xlib's built-in method parses the locale's whole Compose file. XCreateIC takes a variable argument
// list, which Swift cannot pass: x11_loader_create_ic passes the one list the window needs.
LAZY_FORWARD(x11, char *, XSetLocaleModifiers, (const char *modifier_list), (modifier_list), NULL)
LAZY_FORWARD(x11, XIM, XOpenIM, (Display * display, struct _XrmHashBucketRec *rdb, char *res_name,
             char *res_class), (display, rdb, res_name, res_class), NULL)
LAZY_FORWARD_VOID(x11, XSetICFocus, (XIC ic), (ic))
LAZY_FORWARD_VOID(x11, XUnsetICFocus, (XIC ic), (ic))
LAZY_FORWARD(x11, int, Xutf8LookupString,
             (XIC ic, XKeyPressedEvent *event, char *buffer, int bytes, KeySym *keysym, Status *status),
             (ic, event, buffer, bytes, keysym, status), 0)

void *x11_loader_create_ic(void *im, unsigned long window) {
    XIC (*create)(XIM, ...) = (XIC(*)(XIM, ...))lazy_library_symbol(&x11, "XCreateIC");
    if (!create) return NULL;
    return create((XIM)im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, window, XNFocusWindow,
                  window, (char *)NULL);
}

// Xlib's default error handler ends the process on any protocol error, and SDL's safety net chains to it. A protocol
// error is the answer to one asynchronous request (a window already gone by the time an event sent to it arrives),
// not a broken connection (that is the IO error handler's, left as it is): the window says so once and goes on.
static int x11_loader_tolerant_handler(Display *display, XErrorEvent *error) {
    (void)display;
    static int told;
    if (!told) {
        told = 1;
        fprintf(stderr,
                "interlinear view: the X server refused a request (X error %d on request %d) and was ignored\n",
                (int)error->error_code, (int)error->request_code);
    }
    return 0;
}

void x11_loader_tolerate_errors(void) {
    typedef int (*handler_t)(Display *, XErrorEvent *);
    handler_t (*set)(handler_t) = (handler_t(*)(handler_t))lazy_library_symbol(&x11, "XSetErrorHandler");
    if (set) set(x11_loader_tolerant_handler);
}
