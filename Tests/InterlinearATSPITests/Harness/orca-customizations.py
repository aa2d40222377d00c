# Orca settings for the headless test: every debug line reaches the file at once (Orca does not flush it), and
# speech is "spoken" into the debug log only (SPEECH OUTPUT lines), with no speech server to start.
import orca.debug
import orca.settings

if orca.debug.debugFile is not None:
    orca.debug.debugFile.reconfigure(line_buffering=True)
orca.settings.enableSpeech = True
orca.settings.speechServerFactory = None
orca.settings.speechFactoryModules = []
# Web pages (Tests/Web/orca_web.py): no say all when a page loads, so each key's speech is the key's answer alone.
orca.settings.sayAllOnLoad = False
