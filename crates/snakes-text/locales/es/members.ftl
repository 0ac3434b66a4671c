## Miembros (docs/protocol.md, "Members"): lo que el servidor dice a las páginas abiertas de un miembro.

notice-signed-out = Se cerró tu sesión: las sesiones de tu cuenta terminaron. Sigues como invitado.

member-blocked = Bloqueaste a { $name }: no oirás sus mensajes y no podrá unirse a tus mesas en espera. No se le avisa.
member-unblocked = Desbloqueaste a { $name }.
