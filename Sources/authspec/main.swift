print("authspec")
