## Miembros (docs/protocol.md, "Members"): lo que el servidor dice a las páginas abiertas de un miembro.

notice-signed-out = Se cerró tu sesión: las sesiones de tu cuenta terminaron. Sigues como invitado.
